/** The modules beside this one as inline `<script>` text, built by `scripts/vite-plugin-inline-script.ts`. */
import type captureEarlyEvents from "./early-events";
import renderEarlyEvents from "./early-events.ts?inline-script";
import type startModules from "./module-starter";
import renderModuleStarter from "./module-starter.ts?inline-script";
import type initTheme from "./theme-init";
import renderThemeInit from "./theme-init.ts?inline-script";

/** The theme before first paint (`theme-init.ts`, rule 7.1). */
export const themeInitScript: (...args: Parameters<typeof initTheme>) => string = renderThemeInit;

/** The recorder of what the visitor does before hydration (`early-events.ts`, rule 10.2). */
export const earlyEventsScript: (...args: Parameters<typeof captureEarlyEvents>) => string = renderEarlyEvents;

/** The starter of the page's modules after the largest paint (`module-starter.ts`, rule 10.2). */
export const moduleStarterScript: (...args: Parameters<typeof startModules>) => string = renderModuleStarter;
