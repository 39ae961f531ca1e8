import { createHash } from 'node:crypto';
import type { HashPort } from '@clinic/core';

/** SHA-256 of the forms' hash chain and versions, from Node's own crypto. */
export class NodeSha256 implements HashPort {
  sha256Hex(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('hex');
  }
}
