import { NotFoundPage } from './not-found.page';
export const OfferDetailPage = NotFoundPage, OfferUnavailablePage = NotFoundPage;
