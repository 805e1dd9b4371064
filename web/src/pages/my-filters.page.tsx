import { NotFoundPage } from './not-found.page';
export const MyFiltersPage = NotFoundPage, MyFilterPage = NotFoundPage;
