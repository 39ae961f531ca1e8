import type { Application } from '../application';
import { ACCOUNTS } from '../container/tokens';
import { MENUS } from '../container/menus.module';

/** What the development fake salon server takes (test/fakes/fake-salon-server.ts). */
interface SalonFake {
  put(
    member: { memberId: string; cardNumber: string | null; name: string; kana: string | null; phone: string | null; email: string | null; points: number },
    contracts?: Array<{
      contractId: string;
      menuId: string;
      menuName: string;
      sessionsTotal: number;
      sessionsUsed: number;
      expiresOn: string | null;
      contractedAt: string;
    }>,
  ): void;
}

/**
 * `SALON_API_URL=local`: the demo members 100001 and 100002 in the fake salon system, the first
 * with a contract for the first contract menu of their clinic (development only).
 */
export const seedDemoSalon = async (app: Application, fake: SalonFake): Promise<void> => {
  const members = app.container.get(ACCOUNTS.members);
  const menus = app.container.get(MENUS.menus);
  for (const [index, card] of ['100001', '100002'].entries()) {
    const member = await members.findByLoginIdentifier(card);
    if (!member) continue;
    const contractMenu = index === 0 ? (await menus.listByClinic(member.clinicId)).find((menu) => menu.kind === 'CONTRACT') : undefined;
    fake.put(
      {
        memberId: `SLN-${card}`,
        cardNumber: card,
        name: member.name,
        kana: member.kana,
        phone: member.phone,
        email: member.email,
        points: 1200 - index * 1000,
      },
      contractMenu
        ? [
            {
              contractId: `CT-${card}-1`,
              menuId: contractMenu.id,
              menuName: contractMenu.name,
              sessionsTotal: 5,
              sessionsUsed: 1,
              expiresOn: null,
              contractedAt: new Date().toISOString(),
            },
          ]
        : [],
    );
  }
};
