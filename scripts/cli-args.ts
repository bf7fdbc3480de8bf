/** The operator CLIs' command lines, read with `node:util`'s `parseArgs`: one way to refuse, one way to ask for help. */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** Whether the command line asks for the usage (`--help` or `-h`); the CLI then prints it and exits 0. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes("--help") || argv.includes("-h");
}

/**
 * `parseArgs` in strict mode with positionals allowed. An option it does not know throws
 * `Unknown argument "--x".` and any other misuse its own message, each followed by `usage`.
 */
export function readCommandLine<T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T, usage: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new Error(`${unknown ? `Unknown argument "${unknown[1]}"` : message.split(".")[0]}.\n${usage}`);
  }
}
