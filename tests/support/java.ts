/** The Java runtime that runs the Nu HTML checker (`vnu.jar`) in the end-to-end tests. */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/** The Java binary: `JAVA`, else `java` on `PATH`. */
export const JAVA_BIN = process.env.JAVA ?? "java";

/** What installs a Java runtime on Debian. */
export const JAVA_INSTALL_COMMAND = "apt-get update && apt-get install -y default-jre-headless";

/** Absolute path of the Nu HTML checker's jar. */
export const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** Whether `JAVA_BIN` starts and reports its version. */
export function hasJava(): boolean {
  return spawnSync(JAVA_BIN, ["-version"], { stdio: "ignore" }).status === 0;
}
