// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRuntimeConfig } from './runtimeConfig.ts';

function withMeta(content: string | null): Document {
  document.head.querySelector('meta[name="cabflow-config"]')?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = 'cabflow-config';
    meta.content = content;
    document.head.append(meta);
  }
  return document;
}

afterEach(() => withMeta(null));

describe('runtime config', () => {
  it('reads the config the server injects into index.html', () => {
    const config = readRuntimeConfig(withMeta('{"apiHost":"https://api.example.test/","publicKey":"pk_1","secretKey":"sk_1","embedOrigins":["https://www.westway.test"]}'));
    expect(config).toEqual({ apiHost: 'https://api.example.test', publicKey: 'pk_1', secretKey: 'sk_1', embedOrigins: ['https://www.westway.test'] });
  });

  it('falls back to the build environment without the meta tag (the demo pair in dev)', () => {
    const config = readRuntimeConfig(withMeta(null));
    expect(config.apiHost).toBe('');
    expect(config.embedOrigins).toEqual([]);
    // Vitest runs with import.meta.env.DEV true, like `npm run dev`.
    expect(config.publicKey).toBe('pk_demo_cabflow_0001');
    expect(config.secretKey).toBe('sk_demo_cabflow_0001');
  });

  it('logs and falls back when the meta tag is not valid JSON of the right shape', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readRuntimeConfig(withMeta('{not json')).apiHost).toBe('');
    expect(readRuntimeConfig(withMeta('{"publicKey":1}')).publicKey).toBe('pk_demo_cabflow_0001');
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
