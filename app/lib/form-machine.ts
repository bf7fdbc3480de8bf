/**
 * The state machine of a simulated form (rules 6.1 to 6.3): idle → sending
 * → success or failure. A submit while sending is ignored (no double
 * submit). Pure TypeScript; `useFormMachine` wraps it for React.
 */
import { useState } from "react";

/** Where the form is. */
export type FormStatus = "idle" | "sending" | "success" | "failure";

/** A machine instance. */
export interface FormMachine<T> {
  readonly status: FormStatus;
  /**
   * Starts a submission of `values` unless one is under way.
   *
   * @returns `false` when ignored (already sending), else a promise of the final status.
   */
  submit(values: T): false | Promise<FormStatus>;
  /** Back to idle (after success or failure). */
  reset(): void;
}

/**
 * Creates a machine.
 *
 * @param send the submission; resolve for success, reject for failure.
 * @param onChange called with each new status.
 */
export function createFormMachine<T>(
  send: (values: T) => Promise<void>,
  onChange: (status: FormStatus) => void = () => {},
): FormMachine<T> {
  let status: FormStatus = "idle";
  const set = (next: FormStatus) => {
    status = next;
    onChange(next);
  };
  return {
    get status() {
      return status;
    },
    submit(values) {
      if (status === "sending") return false;
      set("sending");
      return send(values).then(
        () => {
          set("success");
          return status;
        },
        () => {
          set("failure");
          return status;
        },
      );
    },
    reset() {
      if (status !== "sending") set("idle");
    },
  };
}

/** React binding: the current status and the machine, created once with the first `send`. */
export function useFormMachine<T>(send: (values: T) => Promise<void>): [FormStatus, FormMachine<T>] {
  const [status, setStatus] = useState<FormStatus>("idle");
  const [machine] = useState(() => createFormMachine<T>(send, setStatus));
  return [status, machine];
}
