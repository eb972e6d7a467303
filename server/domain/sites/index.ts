export * from './sitesRepository.ts';
export * from './siteCache.ts';
