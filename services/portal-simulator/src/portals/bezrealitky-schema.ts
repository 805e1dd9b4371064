import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The part of Bezrealitky's public GraphQL schema the site itself uses (portals.md 3): field
 * names, arguments and enum values as observed. `changedLayout` is the same data behind renamed
 * root fields, which is how an API redesign looks to an old client.
 */
const TYPES = `
enum OfferType { PRODEJ PRONAJEM }
enum EstateType { BYT DUM POZEMEK GARAZ KANCELAR NEBYTOVY_PROSTOR REKREACNI_OBJEKT }
enum ResultOrder { TIMEORDER_DESC TIMEORDER_ASC PRICE_ASC PRICE_DESC SURFACE_ASC SURFACE_DESC }
enum Locale { CS EN SK }
enum ImageFilter { RECORD_MAIN RECORD_THUMB RECORD_ORIGINAL }
type Gps { lat: Float lng: Float }
type Region { id: ID name: String uri: String }
type Image { id: ID url(filter: ImageFilter): String order: Int main: Boolean filename: String }
type Advert {
  id: ID! uri: String hash: String externalId: String code: String type: String
  active: Boolean reserved: Boolean archived: Boolean highlighted: Boolean isNew: Boolean
  title: String titleEnglish: String description: String descriptionEnglish: String
  imageAltText(locale: Locale): String tags(locale: Locale): [String]
  offerType: OfferType estateType: EstateType disposition: String landType: String houseType: String
  price: Float priceFormatted(locale: Locale): String currency: String originalPrice: Float isDiscounted: Boolean
  charges: Float serviceCharges: Float utilityCharges: Float deposit: Float fee: Float
  surface: Float surfaceLand: Float balconySurface: Float loggiaSurface: Float terraceSurface: Float cellarSurface: Float frontGarden: Float
  balcony: Boolean terrace: Boolean cellar: Boolean loggia: Boolean
  gps: Gps address(locale: Locale): String addressInput: String street: String houseNumber: String
  city(locale: Locale): String cityDistrict(locale: Locale): String zip: String region: Region ruianId: String
  isPrague: Boolean isBrno: Boolean isPragueWest: Boolean isPragueEast: Boolean
  condition: String construction: String ownership: String equipped: String penb: String
  etage: Int floor: Int totalFloors: Int
  lift: Boolean parking: Boolean garage: Boolean barrierFree: Boolean petFriendly: Boolean lowEnergy: Boolean newBuilding: Boolean
  availableFrom: Int shortTerm: Boolean minRentDays: Int maxRentDays: Int roommate: Boolean
  timeActivated: Int timeDeactivated: Int timeOrder: Int timeExpiration: Int daysActive: String
  publicImages(limit: Int): [Image] mainImage: Image tour360: String visitCount: Int conversationCount: Int
}
type AdvertList { totalCount: Int list: [Advert] }
`;

const LIST_ARGS = `offerType: [OfferType], estateType: [EstateType], order: ResultOrder, limit: Int, offset: Int,
  locale: Locale, includeImports: Boolean, includeShortTerm: Boolean, regionOsmIds: [ID], roommate: Boolean,
  priceFrom: Int, priceTo: Int, surfaceFrom: Int, surfaceTo: Int, disposition: [String], ids: [ID]`;

export const schema: GraphQLSchema = buildSchema(`${TYPES}
type Query { listAdverts(${LIST_ARGS}): AdvertList advert(id: ID!): Advert }`);

export const changedLayoutSchema: GraphQLSchema = buildSchema(`${TYPES}
type AdvertConnection { total: Int edges: [Advert] }
type Query { searchAdverts(${LIST_ARGS}): AdvertConnection advertDetail(advertId: ID!): Advert }`);
