import type { Offer } from '@rr/proto';
import type { Article, Locale } from './site-data';

const ORGANIZATION = { '@type': 'Organization', name: 'Reality Radar' };

export function articleData(a: Article, url: string, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org', '@type': 'Article', headline: a.title, description: a.description,
    inLanguage: a.locale, datePublished: a.date, dateModified: a.date, author: { '@type': 'Organization', name: a.author },
    publisher: { ...ORGANIZATION, url: origin }, mainEntityOfPage: url, url,
  };
}

export function faqData(items: Array<{ q: string; a: string }>, locale: Locale): Record<string, unknown> {
  return {
    '@context': 'https://schema.org', '@type': 'FAQPage', inLanguage: locale,
    mainEntity: items.map((i) => ({ '@type': 'Question', name: i.q, acceptedAnswer: { '@type': 'Answer', text: i.a } })),
  };
}

export function websiteData(origin: string, locale: Locale): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Reality Radar', url: `${origin}/`, inLanguage: locale };
}

/** An offer as schema.org: the Offer for the price, the Residence (or place) it is about. */
export function offerData(o: Offer, url: string): Record<string, unknown> {
  const residence: Record<string, unknown> = {
    '@type': o.realEstateType === 'Apartment' ? 'Apartment' : o.realEstateType === 'House' ? 'SingleFamilyResidence' : o.realEstateType === 'Land' ? 'Landform' : 'Residence',
    name: o.title,
    address: { '@type': 'PostalAddress', addressLocality: o.location.name, addressCountry: 'CZ' },
  };
  if (o.area != null) residence.floorSize = { '@type': 'QuantitativeValue', value: o.area, unitCode: 'MTK' };
  if (o.location.point) residence.geo = { '@type': 'GeoCoordinates', latitude: o.location.point.lat, longitude: o.location.point.lon };
  return {
    '@context': 'https://schema.org', '@type': 'Offer', name: o.title, url,
    ...(o.price != null ? { price: o.price, priceCurrency: 'CZK' } : {}),
    businessFunction: o.adType === 'Rent' || o.adType === 'Roommates' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    availability: o.active ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    validFrom: o.foundAt, ...(o.imageUrl ? { image: o.imageUrl } : {}),
    itemOffered: residence,
  };
}
