import { z } from 'zod';
import { publicClinicJson } from '../clinics';
import { idParams } from '../fields';
import {
  categoryCreateBody,
  categoryJson,
  categoryOrderBody,
  categoryUpdateBody,
  clinicQuery,
  facilityCreateBody,
  facilityJson,
  facilityUpdateBody,
  menuBody,
  menuIdsQuery,
  menuJson,
  menuListQuery,
  menuOrderBody,
  menuWithCategoryJson,
  staffCategoryJson,
  staffMenuJson,
} from '../menus';
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

/** Menu categories and menus of a clinic (ADMIN of the clinic or head office). */
export const adminMenus = {
  categories: route({ method: 'get', path: '/api/admin/menu-categories', query: clinicQuery, responses: { 200: z.array(staffCategoryJson) } }),
  createCategory: route({ method: 'post', path: '/api/admin/menu-categories', body: categoryCreateBody, responses: { 201: staffCategoryJson } }),
  orderCategories: route({
    method: 'put',
    path: '/api/admin/menu-categories/display-order',
    body: categoryOrderBody,
    responses: { 200: z.array(staffCategoryJson) },
  }),
  category: route({ method: 'get', path: '/api/admin/menu-categories/:id', params: idParams, responses: { 200: staffCategoryJson } }),
  updateCategory: route({
    method: 'put',
    path: '/api/admin/menu-categories/:id',
    params: idParams,
    body: categoryUpdateBody,
    responses: { 200: staffCategoryJson },
  }),
  removeCategory: route({ method: 'delete', path: '/api/admin/menu-categories/:id', params: idParams, responses: { 204: null } }),
  menus: route({ method: 'get', path: '/api/admin/menus', query: menuListQuery, responses: { 200: z.array(staffMenuJson) } }),
  allMenus: route({ method: 'get', path: '/api/admin/menus/all', query: clinicQuery, responses: { 200: z.array(menuWithCategoryJson) } }),
  createMenu: route({ method: 'post', path: '/api/admin/menus', body: menuBody, responses: { 201: staffMenuJson } }),
  orderMenus: route({ method: 'put', path: '/api/admin/menus/display-order', body: menuOrderBody, responses: { 200: z.array(staffMenuJson) } }),
  menu: route({ method: 'get', path: '/api/admin/menus/:id', params: idParams, responses: { 200: staffMenuJson } }),
  updateMenu: route({ method: 'put', path: '/api/admin/menus/:id', params: idParams, body: menuBody, responses: { 200: staffMenuJson } }),
  removeMenu: route({ method: 'delete', path: '/api/admin/menus/:id', params: idParams, responses: { 204: null } }),
};

/** Rooms or machines of a clinic: read by any staff, written by those who manage the clinic. */
const facilityRoutes = <K extends 'rooms' | 'machines'>(kind: K) => ({
  list: route({ method: 'get', path: `/api/admin/${kind}`, query: clinicQuery, responses: { 200: z.array(facilityJson) } }),
  create: route({ method: 'post', path: `/api/admin/${kind}`, body: facilityCreateBody, responses: { 201: facilityJson } }),
  get: route({ method: 'get', path: `/api/admin/${kind}/:id`, params: idParams, responses: { 200: facilityJson } }),
  update: route({ method: 'put', path: `/api/admin/${kind}/:id`, params: idParams, body: facilityUpdateBody, responses: { 200: facilityJson } }),
  remove: route({ method: 'delete', path: `/api/admin/${kind}/:id`, params: idParams, responses: { 204: null } }),
});

export const adminRooms = facilityRoutes('rooms');
export const adminMachines = facilityRoutes('machines');

/** The enabled rooms and machines, for the calendar and bookings. */
export const staffFacilities = {
  rooms: route({ method: 'get', path: '/api/staffs/rooms', query: clinicQuery, responses: { 200: z.array(facilityJson) } }),
  machines: route({ method: 'get', path: '/api/staffs/machines', query: clinicQuery, responses: { 200: z.array(facilityJson) } }),
};
