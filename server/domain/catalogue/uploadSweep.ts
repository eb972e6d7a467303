import type { Db } from '../../adapters/db/index.ts';
import type { StoragePort } from '../../adapters/storage/index.ts';
import { createSitesRepository } from '../sites/sitesRepository.ts';
import { createCatalogueRepository } from './repository.ts';

/** How long an uploaded picture waits for the category form that uploaded it to be saved. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export interface UploadSweepResult {
  siteId: number;
  /** The keys deleted, in order. */
  deleted: string[];
  /** Uploads kept: used by a category now or before, or younger than the grace period. */
  kept: number;
}

/**
 * Deletes the site's uploaded pictures that no category ever used once they are a day old: an owner who uploads a
 * picture and leaves the form unsaved (or uploads three to choose one) leaves files nobody can reach. A picture a
 * category used once is kept for good (a past booking's page may show it).
 */
export async function sweepUnusedUploads(db: Db, storage: StoragePort, siteId: number, now: Date): Promise<UploadSweepResult> {
  const uploads = await storage.list(`uploads/${siteId}/`);
  const old = uploads.filter((upload) => now.getTime() - upload.modifiedAt.getTime() >= UPLOAD_GRACE_MS);
  if (old.length === 0) return { siteId, deleted: [], kept: uploads.length };
  // The site's catalogue lock: a category saved meanwhile either sees its picture deleted first (and is refused) or
  // is saved first (and its picture is kept).
  const deleted = await db.transaction(async (tx) => {
    const repository = createCatalogueRepository(tx);
    await repository.lockSite(siteId);
    const used = await repository.imagesEverUsed(siteId);
    const unused = old.filter((upload) => !used.has(upload.key)).map((upload) => upload.key);
    for (const key of unused) await storage.delete(key);
    return unused;
  });
  return { siteId, deleted, kept: uploads.length - deleted.length };
}

/** Every site's sweep (the server's daily timer and the operator CLI). */
export async function sweepUnusedUploadsForAllSites(db: Db, storage: StoragePort, now: Date): Promise<UploadSweepResult[]> {
  const results: UploadSweepResult[] = [];
  for (const site of await createSitesRepository(db).listSites()) results.push(await sweepUnusedUploads(db, storage, site.id, now));
  return results;
}
