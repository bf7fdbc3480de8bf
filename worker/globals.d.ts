/**
 * Constants the build defines (`vite.config.ts`).
 * - `__COMMERCE_SANDBOX__`: false in production builds, so the sandbox
 *   commerce module and its page are left out of the bundle (rule 5.7).
 * - `__BUILD_ID__`: a hash of the worker bundle, part of every page cache key.
 */
declare const __COMMERCE_SANDBOX__: boolean;
declare const __BUILD_ID__: string;
