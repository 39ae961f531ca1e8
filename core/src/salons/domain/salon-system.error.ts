import { ServiceUnavailableError } from '../../shared/errors';
import type { SalonFailure } from './salon-member';

/** Thrown by the salon adapter when the salon system cannot give a usable answer. */
export class SalonSystemError extends ServiceUnavailableError {
  constructor(
    readonly reason: SalonFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SalonSystemError';
  }
}
