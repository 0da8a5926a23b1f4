export * from './auth';
export * from './common';
export * from './entities';
export * from './errors';
export * from './notifications';
export * from './paths';
export * from './sync';
export * from './tenants';
