import type { PageView, PageViewRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

export class KnexPageViewRepository implements PageViewRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async record(view: PageView): Promise<void> {
    await this.knex('page_views').insert({
      at: view.at.toISOString(),
      path: view.path,
      audience: view.audience,
      referrer: view.referrer,
      campaign: view.campaign,
      session_key: view.sessionKey,
      event: view.step ?? null,
      clinic_id: view.clinicId ?? null,
    });
  }
}
