/**
 * The site's companies and vehicle categories as the console's pickers show them, from the public catalogue calls.
 * (Not from the website's start-up actor: importing it would split it out of the home page's entry chunk, and the home
 * page must pay nothing for the console.)
 */
import type { BoardChoices } from '../../../machines/consoleBoard/index.ts';
import { fetchCompanies, fetchVehicles } from '../../api/catalog.ts';
import type { CallOptions } from '../../api/client.ts';

export async function loadCatalogChoices({ signal }: CallOptions = {}): Promise<BoardChoices> {
  const [companies, vehicles] = await Promise.all([fetchCompanies({ signal }), fetchVehicles({ signal })]);
  return {
    companies: companies.map((company) => ({ value: String(company.id), label: company.company.company_name })),
    categories: vehicles.map((vehicle) => ({ value: String(vehicle.tbms_vid), label: vehicle.category_name })),
  };
}
