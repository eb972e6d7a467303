import path from 'node:path';
import type { StorageConfig } from './config.ts';
import { createLocalStorage } from './local.ts';
import type { StoragePort } from './port.ts';
import { createS3Storage } from './s3.ts';

export * from './port.ts';
export { storageConfig, type StorageConfig } from './config.ts';
export { createLocalStorage } from './local.ts';
export { createS3Storage, type S3Settings } from './s3.ts';

/** The storage port of the deployment: DATA_DIR/storage, or the S3-compatible bucket STORAGE=s3 names. */
export function createStoragePort(config: StorageConfig, dataDir: string): StoragePort {
  if (config.kind === 's3') {
    const { kind: _kind, ...settings } = config;
    return createS3Storage(settings);
  }
  return createLocalStorage(path.join(dataDir, 'storage'));
}
