/** The owner's companies, vehicle categories and picture uploads (contract/consoleCatalogue.ts). */
import type { CatalogueCategory, CatalogueCompany, CategoryCreate, CategoryPatch, CompanyCreate, CompanyPatch, UploadedImage } from '../../contract/consoleCatalogue.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadCatalogue = ({ signal }: CallOptions = {}) => consoleCall<{ success: true; companies: CatalogueCompany[]; categories: CatalogueCategory[] }>('/catalogue', { signal });

export const createCompany = async (company: CompanyCreate) => (await consoleCall<{ success: true; company: CatalogueCompany }>('/catalogue/companies', { method: 'POST', body: { ...company } })).company;
export const patchCompany = async (id: number, patch: CompanyPatch) => (await consoleCall<{ success: true; company: CatalogueCompany }>(`/catalogue/companies/${id}`, { method: 'PATCH', body: { ...patch } })).company;
export const createCategory = async (category: CategoryCreate) => (await consoleCall<{ success: true; category: CatalogueCategory }>('/catalogue/categories', { method: 'POST', body: { ...category } })).category;
export const patchCategory = async (id: number, patch: CategoryPatch) => (await consoleCall<{ success: true; category: CatalogueCategory }>(`/catalogue/categories/${id}`, { method: 'PATCH', body: { ...patch } })).category;

/**
 * Sends the file itself as the body (the server reads what it is from its bytes). A Blob goes through ofetch as is;
 * consoleCall's body type names JSON only, hence the cast.
 */
export async function uploadImage(file: Blob): Promise<UploadedImage> {
  const body = new Blob([file], { type: file.type || 'application/octet-stream' });
  return (await consoleCall<{ success: true; image: UploadedImage }>('/catalogue/images', { method: 'POST', body: body as unknown as Record<string, unknown> })).image;
}
