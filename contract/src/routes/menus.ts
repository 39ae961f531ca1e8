import { z } from 'zod';
import { publicClinicJson } from '../clinics';
import { categoryJson, clinicQuery, menuIdsQuery, menuJson, menuListQuery, staffCategoryJson, staffMenuJson } from '../menus';
import { route } from '../route';

/** What a guest books from: the clinics taking web bookings, their categories and web-bookable menus. */
export const guestMenus = {
  clinics: route({ method: 'get', path: '/api/guests/clinics', responses: { 200: z.array(publicClinicJson) } }),
  categories: route({ method: 'get', path: '/api/guests/menu-categories', query: clinicQuery, responses: { 200: z.array(categoryJson) } }),
  menus: route({ method: 'get', path: '/api/guests/menus', query: menuListQuery, responses: { 200: z.array(menuJson) } }),
  menusByIds: route({ method: 'get', path: '/api/guests/menus/by-ids', query: menuIdsQuery, responses: { 200: z.array(menuJson) } }),
};

/** The same menus for a logged-in member. */
export const memberMenus = {
  categories: route({ method: 'get', path: '/api/users/menu-categories', query: clinicQuery, responses: { 200: z.array(categoryJson) } }),
  menus: route({ method: 'get', path: '/api/users/menus', query: menuListQuery, responses: { 200: z.array(menuJson) } }),
  menusByIds: route({ method: 'get', path: '/api/users/menus/by-ids', query: menuIdsQuery, responses: { 200: z.array(menuJson) } }),
};

/** What staff book from: enabled menus, web-bookable or not. */
export const staffMenus = {
  categories: route({ method: 'get', path: '/api/staffs/menu-categories', query: clinicQuery, responses: { 200: z.array(staffCategoryJson) } }),
  menus: route({ method: 'get', path: '/api/staffs/menus', query: menuListQuery, responses: { 200: z.array(staffMenuJson) } }),
};
