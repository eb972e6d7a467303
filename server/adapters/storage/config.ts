import type { S3Settings } from './s3.ts';

/** Where uploaded images are kept (STORAGE): `local` (default, DATA_DIR/storage) or `s3` with the S3_* settings. */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  if (!env.STORAGE || env.STORAGE === 'local') return { kind: 'local' };
  if (env.STORAGE !== 's3') throw new Error(`STORAGE must be "local" or "s3", got "${env.STORAGE}"`);
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`STORAGE=s3 needs ${name}`);
    return value;
  };
  const endpoint = need('S3_ENDPOINT');
  if (!/^https?:\/\//.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    endpoint,
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    prefix: prefix ? `${prefix}/` : '',
  };
}
