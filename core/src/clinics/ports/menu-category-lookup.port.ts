/** Which clinic a menu category belongs to: for settings that point at a category (保険診療, check conditions). */
export interface MenuCategoryLookupPort {
  /** The clinic of the category, or null when there is no such category. */
  clinicOfCategory(categoryId: string): Promise<string | null>;
}
