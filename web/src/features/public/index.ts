// The public chunk: top page, common pages, 404.
export { TopPage } from './TopPage';
export { NotFoundPage } from './NotFoundPage';
export { PasswordRegisterPage, PasswordResetDonePage, LineRedirectPage } from './CommonPages';
