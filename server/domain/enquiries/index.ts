export * from './enquiries.ts';
export * from './notices.ts';
