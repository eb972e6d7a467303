/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Key pair for a build served without the provider's injected config (see src/api/runtimeConfig.ts). */
  readonly VITE_API_PUBLIC_KEY?: string;
  readonly VITE_API_SECRET_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
