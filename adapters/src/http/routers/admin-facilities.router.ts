import { FACILITY_TERMS, type FacilityRepositoryPort, type ManageFacilitiesUseCase } from '@clinic/core';
import { routes } from '@clinic/contract';
import { HttpDomainError } from '../errors/http-error';
import { scopedActor, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { EXAMPLE_MACHINE, EXAMPLE_ROOM } from './examples';
import { toFacilityJson } from './facilities-menus.schemas';

export interface FacilityRoutes {
  readonly repository: FacilityRepositoryPort;
  readonly manage: ManageFacilitiesUseCase;
}

const WORDS = {
  ROOM: { admin: routes.adminRooms, staff: routes.staffFacilities.rooms, noun: '部屋', example: EXAMPLE_ROOM },
  MACHINE: { admin: routes.adminMachines, staff: routes.staffFacilities.machines, noun: '機械', example: EXAMPLE_MACHINE },
} as const;

const addFacilityRoutes = (router: ApiRouter, { repository, manage }: FacilityRoutes): ApiRouter => {
  const { admin, noun, example } = WORDS[repository.kind];
  const terms = FACILITY_TERMS[repository.kind];
  return router
    .add(admin.list, {
      summary: `${noun}の一覧`,
      description: `クリニックの${noun}（無効のものも含む）を表示順に返します。`,
      examples: { query: { clinicId: '1' }, response: [example] },
      access: 'staff',
      responses: { 200: { description: `${noun}の一覧` } },
      handler: async (ctx, { query }) => {
        ctx.body = (await repository.listByClinic(query.clinicId)).map(toFacilityJson);
      },
    })
    .add(admin.create, {
      summary: `${noun}を追加`,
      description: `表示順を省くと最後に追加します。同じクリニックで同じ名前は登録できません（409 ${terms.exists}）。STAFFは自院のみ。`,
      examples: { body: { clinicId: '1', name: example.name, displayOrder: 0, enabled: true }, response: example },
      errors: ['CLINIC_NOT_FOUND', terms.exists],
      access: 'staff',
      responses: { 201: { description: `追加した${noun}` } },
      handler: async (ctx, { body }) => {
        const result = await manage.create(scopedActor(ctx), body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toFacilityJson(result.value);
      },
    })
    .add(admin.get, {
      summary: `${noun}の詳細`,
      description: `${noun}1件を返します（無効のものも含む）。`,
      examples: { params: { id: example.id }, response: example },
      errors: [terms.notFound],
      access: 'staff',
      responses: { 200: { description: noun } },
      handler: async (ctx, { params }) => {
        const facility = await repository.findById(params.id);
        if (!facility) throw HttpDomainError.of(terms.notFound);
        ctx.body = toFacilityJson(facility);
      },
    })
    .add(admin.update, {
      summary: `${noun}を更新`,
      description: '名前・表示順・有効／無効を変更します。STAFFは自院のみ。',
      examples: { params: { id: example.id }, body: { name: example.name, displayOrder: 1, enabled: true }, response: { ...example, displayOrder: 1 } },
      errors: [terms.notFound, terms.exists],
      access: 'staff',
      responses: { 200: { description: `更新後の${noun}` } },
      handler: async (ctx, { params, body }) => {
        const result = await manage.update(scopedActor(ctx), params.id, body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toFacilityJson(result.value);
      },
    })
    .add(admin.remove, {
      summary: `${noun}を削除`,
      description: `これからの予約（予約済み・来院済み）で使われている間は削除できません（409 IN_USE）。削除後は同じ名前で登録し直せます。`,
      examples: { params: { id: example.id } },
      errors: [terms.notFound, 'IN_USE'],
      access: 'staff',
      responses: { 204: { description: '削除しました' } },
      handler: async (ctx, { params }) => {
        const result = await manage.delete(scopedActor(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    });
};

/** `/api/admin/rooms` and `/api/admin/machines`: read by any staff, written by those who manage the clinic. */
export const adminFacilitiesRouter = (rooms: FacilityRoutes, machines: FacilityRoutes, accounts: AccountLookups): ApiRouter =>
  addFacilityRoutes(addFacilityRoutes(new ApiRouter('/api/admin', '部屋・機械', accounts), rooms), machines);

/** `/api/staffs/rooms` and `/api/staffs/machines`: the enabled ones, for the calendar and bookings. */
export const staffsFacilitiesRouter = (rooms: FacilityRepositoryPort, machines: FacilityRepositoryPort, accounts: AccountLookups): ApiRouter => {
  const router = new ApiRouter('/api/staffs', '部屋・機械', accounts);
  for (const repository of [rooms, machines]) {
    const { staff, noun, example } = WORDS[repository.kind];
    router.add(staff, {
      summary: `有効な${noun}の一覧`,
      description: `予約の割り当てに使える、有効な${noun}だけを表示順に返します。`,
      examples: { query: { clinicId: '1' }, response: [example] },
      access: 'staff',
      responses: { 200: { description: `クリニックの有効な${noun}（表示順）` } },
      handler: async (ctx, { query }) => {
        ctx.body = (await repository.listByClinic(query.clinicId, { enabledOnly: true })).map(toFacilityJson);
      },
    });
  }
  return router;
};
