export * from './flow-catalogue';
