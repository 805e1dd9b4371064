import { NotFoundPage } from './not-found.page';
export const FilterUnavailablePage = NotFoundPage, RefreshPage = NotFoundPage, UnsubscribePage = NotFoundPage;
