/** Every successful API answer wraps its payload in `data`, as the spec's client reads `data.token`. */
export type ApiOk<T> = { data: T };
export type Paged<T> = { items: T[]; total: number; offset: number; limit: number };
