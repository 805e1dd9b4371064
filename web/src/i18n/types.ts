/** Czech needs one/few/other; English uses one/other and reads `other` for `few`. */
export type Plural = { one: string; few: string; other: string };
export type Entry = string | Plural;
