export * from './brands.ts';
export * from './users.ts';
export * from './offers.ts';
export * from './identity.ts';
export * from './mail.ts';
export * from './accounts.ts';
export * from './eid.ts';
export * from './rateLimits.ts';
