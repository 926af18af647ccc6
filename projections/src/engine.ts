export * from './engine/index';
