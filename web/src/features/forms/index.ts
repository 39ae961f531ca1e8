// The forms chunk: the patient's forms pages (members and guests), the form renderer and the
// signature pad. Only the forms routes load it (docs/forms.md, docs/web.md).
export { MemberFormsPage, GuestFormsPage } from './FormsPages';
