// Build-time constants defined in vite.config.ts from package.json.
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;
