/** Who is acting, as recorded in the audit trail. */
export interface Actor {
  readonly type: 'staff' | 'user' | 'guest' | 'system';
  readonly id: string | null;
}
