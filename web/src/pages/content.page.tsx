import { NotFoundPage } from './not-found.page';
export const FaqPage = NotFoundPage, CookiesPage = NotFoundPage, ThankYouPage = NotFoundPage, HowItWorksPage = NotFoundPage, OurStoryPage = NotFoundPage, TermsPage = NotFoundPage, ServicesPage = NotFoundPage, SubServicePage = NotFoundPage, AbroadPage = NotFoundPage, PersonalDataPage = NotFoundPage;
