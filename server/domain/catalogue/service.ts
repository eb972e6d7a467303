import {
  BUILT_IN_IMAGES,
  CATALOGUE_MESSAGES,
  UPLOADED_IMAGE,
  type CatalogueCategory,
  type CatalogueCompany,
  type CategoryCreate,
  type CategoryPatch,
  type CompanyCreate,
  type CompanyPatch,
  type UploadedImage,
} from '../../../contract/consoleCatalogue.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import type { StoragePort } from '../../adapters/storage/index.ts';
import { DomainError } from '../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { SiteCache } from '../sites/index.ts';
import { changedOnly, pick } from '../audit/changes.ts';
import { createCatalogueRepository } from './repository.ts';
import { prepareVehicleImage } from './vehicleImage.ts';

/**
 * Companies, vehicle categories and their images for one site. Each change runs in one transaction under the site's
 * catalogue lock, writes its audit row with before and after, and drops the site cache (this process at once, the
 * others by NOTIFY: the catalogue tables' triggers and `cache.invalidate`), so the public site shows it on the next
 * page load.
 */
export function createCatalogueService(deps: { db: Db; cache: SiteCache; storage: StoragePort }) {
  const { db, cache, storage } = deps;

  const change = async <T>(siteId: number, work: (tx: Queryable) => Promise<{ result: T; changed: boolean }>): Promise<T> => {
    const { result, changed } = await db.transaction(async (tx) => {
      await createCatalogueRepository(tx).lockSite(siteId);
      return work(tx);
    });
    if (changed) await cache.invalidate(siteId);
    return result;
  };

  /** A category's picture: a built-in one, or an image uploaded to this site that is stored. */
  const assertImageUsable = async (siteId: number, vehicleImg: string) => {
    if ((BUILT_IN_IMAGES as readonly string[]).includes(vehicleImg)) return;
    const site = UPLOADED_IMAGE.exec(vehicleImg)?.[1];
    if (Number(site) !== siteId || !(await storage.exists(vehicleImg))) throw new DomainError('unprocessable', CATALOGUE_MESSAGES.imageUnknown);
  };

  return {
    async list(siteId: number) {
      const repository = createCatalogueRepository(db);
      const [companies, categories] = await Promise.all([repository.companies(siteId), repository.categories(siteId)]);
      return { companies, categories };
    },

    createCompany(actor: Actor, siteId: number, input: Required<CompanyCreate>): Promise<CatalogueCompany> {
      return change(siteId, async (tx) => {
        const repository = createCatalogueRepository(tx);
        if (await repository.companyNamed(siteId, input.company_name, null)) throw new DomainError('conflict', CATALOGUE_MESSAGES.companyNameTaken);
        const company = await repository.insertCompany(siteId, input);
        await recordAudit(tx, actor, { siteId, action: 'company.create', entityType: 'company', entityId: company.id, before: null, after: company });
        return { result: company, changed: true };
      });
    },

    updateCompany(actor: Actor, siteId: number, id: number, patch: CompanyPatch): Promise<CatalogueCompany> {
      return change(siteId, async (tx) => {
        const repository = createCatalogueRepository(tx);
        const before = await repository.company(siteId, id);
        if (!before) throw new DomainError('not_found', CATALOGUE_MESSAGES.companyNotFound);
        const changed = changedOnly(before, patch);
        if (Object.keys(changed).length === 0) return { result: before, changed: false };
        if (changed.company_name !== undefined && (await repository.companyNamed(siteId, changed.company_name, id))) throw new DomainError('conflict', CATALOGUE_MESSAGES.companyNameTaken);
        if (changed.active === false && (await repository.activeCompanies(siteId)) <= 1) throw new DomainError('conflict', CATALOGUE_MESSAGES.lastCompany);
        const after = await repository.updateCompany(siteId, id, changed);
        await recordAudit(tx, actor, { siteId, action: 'company.update', entityType: 'company', entityId: id, before: pick(before, changed), after: changed });
        return { result: after, changed: true };
      });
    },

    createCategory(actor: Actor, siteId: number, input: Required<CategoryCreate>): Promise<CatalogueCategory> {
      return change(siteId, async (tx) => {
        // Under the site's catalogue lock, which the unused-uploads sweep takes too: a picture checked here stays.
        await assertImageUsable(siteId, input.vehicle_img);
        const repository = createCatalogueRepository(tx);
        if (await repository.categoryNamed(siteId, input.category_name, null)) throw new DomainError('conflict', CATALOGUE_MESSAGES.categoryNameTaken);
        const category = await repository.insertCategory(siteId, input);
        await recordAudit(tx, actor, { siteId, action: 'vehicle_category.create', entityType: 'vehicle_category', entityId: category.id, before: null, after: category });
        return { result: category, changed: true };
      });
    },

    updateCategory(actor: Actor, siteId: number, id: number, patch: CategoryPatch): Promise<CatalogueCategory> {
      return change(siteId, async (tx) => {
        if (patch.vehicle_img !== undefined) await assertImageUsable(siteId, patch.vehicle_img);
        const repository = createCatalogueRepository(tx);
        const before = await repository.category(siteId, id);
        if (!before) throw new DomainError('not_found', CATALOGUE_MESSAGES.categoryNotFound);
        const changed = changedOnly(before, patch);
        if (Object.keys(changed).length === 0) return { result: before, changed: false };
        if (changed.category_name !== undefined && (await repository.categoryNamed(siteId, changed.category_name, id))) throw new DomainError('conflict', CATALOGUE_MESSAGES.categoryNameTaken);
        if (changed.active === false && (await repository.activeCategories(siteId)) <= 1) throw new DomainError('conflict', CATALOGUE_MESSAGES.lastCategory);
        const after = await repository.updateCategory(siteId, id, changed);
        await recordAudit(tx, actor, { siteId, action: 'vehicle_category.update', entityType: 'vehicle_category', entityId: id, before: pick(before, changed), after: changed });
        return { result: after, changed: true };
      });
    },

    /** Checks and resizes an upload and stores it under its content's name; audited (who uploaded what, when). */
    async uploadImage(actor: Actor, siteId: number, bytes: Buffer): Promise<UploadedImage> {
      const image = await prepareVehicleImage(bytes);
      const key = `uploads/${siteId}/${image.hash}.webp`;
      await storage.put(key, image.body, 'image/webp');
      const uploaded = { vehicle_img: key, width: image.width, height: image.height, bytes: image.body.length };
      await db.transaction((tx) => recordAudit(tx, actor, { siteId, action: 'vehicle_image.upload', entityType: 'vehicle_image', entityId: key, before: null, after: { ...uploaded, uploaded_bytes: bytes.length } }));
      return uploaded;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
