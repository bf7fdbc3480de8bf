/** Defined by the build; `__COMMERCE_SANDBOX__` is false in production so the sandbox is left out (rule 5.7). */
declare const __COMMERCE_SANDBOX__: boolean;
declare const __BUILD_ID__: string;
