import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { Actor } from '../../shared/actor';
import { fail, ok, type Result } from '../../shared/result';
import { type Tag, validateTagName } from '../domain/tag.entity';
import type { TagRepositoryPort } from '../ports/tag-repository.port';

/** Tags are chain-wide settings: only ADMIN reaches these (the router's access rule). */
export class ManageTagsUseCase {
  constructor(
    private readonly tags: TagRepositoryPort,
    private readonly audit: AuditLogPort,
  ) {}

  async create(actor: Actor, rawName: string): Promise<Result<Tag, 'VALIDATION_FAILED' | 'TAG_EXISTS'>> {
    const name = validateTagName(rawName);
    if (!name.ok) return name;
    const tag = await this.tags.create(name.value);
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'tag.create', entity: 'tag', entityId: tag.id, after: tag });
    return ok(tag);
  }

  async rename(actor: Actor, id: string, rawName: string): Promise<Result<Tag, 'VALIDATION_FAILED' | 'TAG_EXISTS' | 'TAG_NOT_FOUND'>> {
    const name = validateTagName(rawName);
    if (!name.ok) return name;
    const before = await this.tags.findById(id);
    if (!before) return fail('TAG_NOT_FOUND');
    const tag = await this.tags.rename(id, name.value);
    if (!tag) return fail('TAG_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'tag.update', entity: 'tag', entityId: id, before, after: tag });
    return ok(tag);
  }

  async delete(actor: Actor, id: string): Promise<Result<void, 'TAG_NOT_FOUND'>> {
    const before = await this.tags.findById(id);
    if (!before || !(await this.tags.delete(id))) return fail('TAG_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'tag.delete', entity: 'tag', entityId: id, before });
    return ok(undefined);
  }
}
