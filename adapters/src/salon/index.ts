export { HttpSalonSystem } from './http-salon-system';
export type { SalonHttpOptions } from './http-salon-system';
