import type { SubService } from '../../../routes';

export type Section = { heading: string; paragraphs: string[] };
export type Article = { title: string; intro: string; sections: Section[] };
export type Service = { name: string; summary: string; body: string[]; partnerUrl: string };
export type Copy = {
  howItWorks: Article;
  faq: { title: string; intro: string; items: Array<{ q: string; a: string }> };
  ourStory: Article;
  services: { title: string; intro: string; items: Record<SubService, Service>; visitPartner: string; czechOnly: string };
  abroad: Article;
  terms: Article;
  personalData: Article;
  cookies: Article & { table: { name: string; purpose: string; category: string; expiry: string }; rows: Array<{ name: string; purpose: string; category: string; expiry: string }>; change: string };
};

/** Partner pages whose content exists only in Czech (the partners serve Czech customers only). */
export const CZECH_ONLY_SERVICES: readonly SubService[] = ['agrarni-pudni-fond'];
