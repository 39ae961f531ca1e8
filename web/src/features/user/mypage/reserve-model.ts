import type { MemberReservation, MenuCategory, OwnEkimu, WebMenu } from '../member.api';

export type ReserveMode = 'contract' | 'insurance' | 'new' | 'change';

/** Which entry the query names: `change=<id>`, `ekimu=true`, `clinicId`+`categoryId`, or new menus. */
export function reserveModeOf(params: URLSearchParams): ReserveMode {
  if (params.get('change')) return 'change';
  if (params.get('ekimu') === 'true') return 'contract';
  if (params.get('categoryId')) return 'insurance';
  return 'new';
}

/** A menu the member may pick, with what to show beside it. */
export interface MenuChoice {
  id: string;
  clinicId: string;
  name: string;
  group?: string;
  remaining?: number;
  expiresOn?: string | null;
  price?: number;
  durationMinutes?: number;
  description?: string;
}

export const contractChoices = (contracts: readonly OwnEkimu[]): MenuChoice[] => {
  const seen = new Set<string>();
  const choices: MenuChoice[] = [];
  // Several contracts of one menu: one choice (the server uses the one expiring first).
  for (const c of contracts) {
    if (seen.has(c.menu.id)) continue;
    seen.add(c.menu.id);
    const remaining = contracts.filter((x) => x.menu.id === c.menu.id).reduce((sum, x) => sum + x.remaining, 0);
    choices.push({ id: c.menu.id, clinicId: c.menu.clinicId, name: c.menu.name, remaining, expiresOn: c.expiresOn });
  }
  return choices;
};

export const menuChoices = (menus: readonly WebMenu[], categories: readonly MenuCategory[] = []): MenuChoice[] => {
  const order = new Map(categories.map((c, index) => [c.id, { index, name: c.name }]));
  return [...menus]
    .sort(
      (a, b) =>
        (order.get(a.categoryId)?.index ?? Number.MAX_SAFE_INTEGER) - (order.get(b.categoryId)?.index ?? Number.MAX_SAFE_INTEGER) ||
        a.displayOrder - b.displayOrder,
    )
    .map((m) => ({
      id: m.id,
      clinicId: m.clinicId,
      name: m.name,
      group: order.get(m.categoryId)?.name,
      price: m.price,
      durationMinutes: m.durationMinutes,
      description: m.description,
    }));
};

export const changeChoice = (reservation: MemberReservation, name: string): MenuChoice => ({
  id: reservation.menuIds[0] ?? '',
  clinicId: reservation.clinicId,
  name,
});
