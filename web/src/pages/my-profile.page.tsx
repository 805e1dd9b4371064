import { NotFoundPage } from './not-found.page';
export const MyProfilePage = NotFoundPage;
