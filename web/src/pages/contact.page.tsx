import { NotFoundPage } from './not-found.page';
export const ContactPage = NotFoundPage;
