import {
  DomainRuleViolation,
  MEMO_DATE_TAKEN,
  type Announcement,
  type AnnouncementInput,
  type AnnouncementRepositoryPort,
  type CalendarMemo,
  type CalendarMemoRepositoryPort,
  type CheckCondition,
  type CheckConditionInput,
  type CheckConditionRepositoryPort,
  type CheckItem,
  type CheckItemRepositoryPort,
  type CheckItemState,
  type MemberHistory,
  type MemberHistoryPort,
  type MenuCategoryLookupPort,
  type NewCalendarMemo,
  type Tag,
  type TagRepositoryPort,
} from '@clinic/core';
import { DateTime } from 'luxon';

/** In-memory twins of the settings ports (test/contracts checks them against the Knex ones). */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

const byOrderThenId = (a: { displayOrder: number; id: string }, b: { displayOrder: number; id: string }) =>
  a.displayOrder - b.displayOrder || Number(a.id) - Number(b.id);

/** Categories known to the test: register them with `add`. */
export class InMemoryMenuCategoryLookup implements MenuCategoryLookupPort {
  private readonly clinicOf = new Map<string, string>();

  add(categoryId: string, clinicId: string): void {
    this.clinicOf.set(categoryId, clinicId);
  }

  async clinicOfCategory(categoryId: string): Promise<string | null> {
    return this.clinicOf.get(categoryId) ?? null;
  }
}

export class InMemoryCalendarMemoRepository implements CalendarMemoRepositoryPort {
  private readonly rows = new Map<string, CalendarMemo>();
  private readonly nextId = sequence();

  constructor(private readonly now: () => DateTime = () => DateTime.now()) {}

  async list(clinicId: string, from: string, to: string): Promise<CalendarMemo[]> {
    return [...this.rows.values()]
      .filter((memo) => memo.clinicId === clinicId && memo.date >= from && memo.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  async findById(id: string): Promise<CalendarMemo | null> {
    return this.rows.get(id) ?? null;
  }

  async create(memo: NewCalendarMemo): Promise<CalendarMemo> {
    if ([...this.rows.values()].some((other) => other.clinicId === memo.clinicId && other.date === memo.date)) {
      throw new DomainRuleViolation({ code: 'VALIDATION_FAILED', fields: [MEMO_DATE_TAKEN] });
    }
    const created = { id: this.nextId(), clinicId: memo.clinicId, date: memo.date, content: memo.content, updatedAt: this.stamp() };
    this.rows.set(created.id, created);
    return created;
  }

  async update(id: string, content: string): Promise<CalendarMemo | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    const updated = { ...current, content, updatedAt: this.stamp() };
    this.rows.set(id, updated);
    return updated;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  private stamp(): string {
    return this.now().setZone('Asia/Tokyo').startOf('second').toISO({ suppressMilliseconds: true })!;
  }
}

export class InMemoryTagRepository implements TagRepositoryPort {
  private readonly rows = new Map<string, Tag>();
  private readonly nextId = sequence();

  async list(): Promise<Tag[]> {
    return [...this.rows.values()].sort(byOrderThenId);
  }

  async findById(id: string): Promise<Tag | null> {
    return this.rows.get(id) ?? null;
  }

  async create(name: string): Promise<Tag> {
    this.assertNameFree(name, null);
    const displayOrder = Math.max(-1, ...[...this.rows.values()].map((tag) => tag.displayOrder)) + 1;
    const tag = { id: this.nextId(), name, displayOrder };
    this.rows.set(tag.id, tag);
    return tag;
  }

  async rename(id: string, name: string): Promise<Tag | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    this.assertNameFree(name, id);
    const tag = { ...current, name };
    this.rows.set(id, tag);
    return tag;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  private assertNameFree(name: string, except: string | null): void {
    if ([...this.rows.values()].some((tag) => tag.name === name && tag.id !== except)) throw new DomainRuleViolation({ code: 'TAG_EXISTS' });
  }
}

export class InMemoryCheckConditionRepository implements CheckConditionRepositoryPort {
  readonly rows = new Map<string, CheckCondition>();
  private readonly nextId = sequence();

  /** With a category lookup, an unknown category is refused as the database's foreign key does. */
  constructor(private readonly categories?: InMemoryMenuCategoryLookup) {}

  async list(): Promise<CheckCondition[]> {
    return [...this.rows.values()].sort(byOrderThenId);
  }

  async findById(id: string): Promise<CheckCondition | null> {
    return this.rows.get(id) ?? null;
  }

  async create(input: CheckConditionInput): Promise<CheckCondition> {
    await this.assertValid(input, null);
    const displayOrder = Math.max(-1, ...[...this.rows.values()].map((condition) => condition.displayOrder)) + 1;
    const condition = { id: this.nextId(), name: input.name, kind: input.kind, categoryId: input.categoryId, displayOrder };
    this.rows.set(condition.id, condition);
    return condition;
  }

  async update(id: string, input: CheckConditionInput): Promise<CheckCondition | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    await this.assertValid(input, id);
    const condition = { ...current, name: input.name, kind: input.kind, categoryId: input.categoryId };
    this.rows.set(id, condition);
    return condition;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  private async assertValid(input: CheckConditionInput, except: string | null): Promise<void> {
    if ([...this.rows.values()].some((condition) => condition.name === input.name && condition.id !== except)) {
      throw new DomainRuleViolation({ code: 'CHECK_ITEM_EXISTS' });
    }
    if (this.categories && input.categoryId !== null && (await this.categories.clinicOfCategory(input.categoryId)) === null) {
      throw new DomainRuleViolation({ code: 'CATEGORY_NOT_FOUND', fields: [{ path: 'categoryId', message: 'メニューカテゴリが見つかりません。' }] });
    }
  }
}

/** Items join their conditions for name and order, as the database does; a deleted condition takes its items with it. */
export class InMemoryCheckItemRepository implements CheckItemRepositoryPort {
  private readonly rows = new Map<string, Omit<CheckItem, 'conditionName'>>();
  private readonly nextId = sequence();

  constructor(private readonly conditions: InMemoryCheckConditionRepository) {}

  async listForMember(userId: string): Promise<CheckItem[]> {
    const items = [...this.rows.values()].filter((item) => item.userId === userId).flatMap((item) => this.joined(item) ?? []);
    const order = (item: CheckItem) => this.conditions.rows.get(item.conditionId)!;
    return items.sort((a, b) => byOrderThenId(order(a), order(b)));
  }

  async ensure(userId: string, conditionIds: readonly string[]): Promise<string[]> {
    const created: string[] = [];
    for (const conditionId of conditionIds) {
      if (!this.conditions.rows.has(conditionId)) continue;
      if ([...this.rows.values()].some((item) => item.userId === userId && item.conditionId === conditionId)) continue;
      const id = this.nextId();
      this.rows.set(id, { id, userId, conditionId, checked: false, checkedAt: null, checkedBy: null, note: '' });
      created.push(conditionId);
    }
    return created;
  }

  async findById(id: string): Promise<CheckItem | null> {
    const item = this.rows.get(id);
    return item ? this.joined(item) : null;
  }

  async update(id: string, state: CheckItemState): Promise<CheckItem | null> {
    const current = this.rows.get(id);
    if (!current || !this.conditions.rows.has(current.conditionId)) return null;
    const updated = { ...current, ...state };
    this.rows.set(id, updated);
    return this.joined(updated);
  }

  private joined(item: Omit<CheckItem, 'conditionName'>): CheckItem | null {
    const condition = this.conditions.rows.get(item.conditionId);
    return condition ? { ...item, conditionName: condition.name } : null;
  }
}

/** Set what each member has booked and visited with `set`. */
export class InMemoryMemberHistory implements MemberHistoryPort {
  private readonly histories = new Map<string, MemberHistory>();

  set(userId: string, history: MemberHistory): void {
    this.histories.set(userId, history);
  }

  async historyOf(userId: string): Promise<MemberHistory> {
    return this.histories.get(userId) ?? { hasVisited: false, categoryIds: [] };
  }
}

export class InMemoryAnnouncementRepository implements AnnouncementRepositoryPort {
  private readonly rows = new Map<string, Announcement>();
  private readonly nextId = sequence();

  async list(filter: { readonly clinicId?: string } = {}): Promise<Announcement[]> {
    return this.newestFirst(
      [...this.rows.values()].filter((row) => filter.clinicId === undefined || row.clinicId === null || row.clinicId === filter.clinicId),
    );
  }

  async findById(id: string): Promise<Announcement | null> {
    return this.rows.get(id) ?? null;
  }

  async create(input: AnnouncementInput): Promise<Announcement> {
    const announcement = { ...input, id: this.nextId() };
    this.rows.set(announcement.id, announcement);
    return announcement;
  }

  async update(id: string, input: AnnouncementInput): Promise<Announcement | null> {
    if (!this.rows.has(id)) return null;
    const announcement = { ...input, id };
    this.rows.set(id, announcement);
    return announcement;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  async publishedFor(clinicId: string, nowIso: string): Promise<Announcement[]> {
    const now = DateTime.fromISO(nowIso);
    return this.newestFirst(
      [...this.rows.values()].filter(
        (row) =>
          (row.clinicId === null || row.clinicId === clinicId) &&
          DateTime.fromISO(row.publishedFrom) <= now &&
          (row.publishedUntil === null || now < DateTime.fromISO(row.publishedUntil)),
      ),
    );
  }

  private newestFirst(rows: Announcement[]): Announcement[] {
    return rows.sort((a, b) => DateTime.fromISO(b.publishedFrom).toMillis() - DateTime.fromISO(a.publishedFrom).toMillis() || Number(b.id) - Number(a.id));
  }
}
