export * from './constants';
export * from './money';
export * from './order-status';
export * from './roles';
export * from './time';
