import { prefixDistance } from './prefix-distance';
import { queryTerms, type SearchableCustomer, type TokenSink, tokensOf, words } from './search-tokens';
import { sortIdsByText } from './sort-by-text';

/**
 * The search over an organisation's customers (the interface offers no search, only the export and an exact
 * `findByEmail`). Any word of the name, the email (whole or its parts), the phone (digits only, national and
 * international forms alike), the zip (with or without the space), the city, a tag, the customer id or the
 * external id; every word of the query must match (prefix, or with a typo), and the best match comes first.
 * Built incrementally as customers arrive from the mirror, updated in place after changes.
 *
 * It began in the browser (each person's tab indexed the whole customer base it had downloaded) and moved to
 * the gateway with the mirror (issue 21): same code, same quality, now fed from gateway.mirror_customers and
 * shared by everyone of the organisation on an instance. Why this index and not PostgreSQL full text with
 * pg_trgm: see README.md in this folder (measured with src/server/bench/search-bench.ts).
 */

/** How much a match in each field (FIELD, search-tokens.ts) weighs. */
const FIELD_WEIGHT = Float64Array.of(10, 8, 2, 7, 7, 6, 4, 4, 9, 6);
const FIELD_BITS = 4;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** How a query term met a token; the weights rank exact before prefix before typo. */
const EXACT = 1;
const PREFIX_BASE = 0.55;
const TYPO_1 = 0.3;
const TYPO_2 = 0.18;

/** Shortest term that gets typo tolerance (shorter ones match too much by accident). */
const TYPO_MIN_LENGTH = 4;
/** From this length on, two typos are tolerated. */
const TWO_TYPOS_MIN_LENGTH = 8;

/** The terms of a shared value's words (see TokenSink.sharedWords), and of the words run together (or -1). */
interface WordTerms {
  words: number[];
  joined: number;
}

/** Values remembered with their terms at most; past it the memo starts afresh (names are not that varied). */
const WORD_MEMO_LIMIT = 50_000;

const ALPHABETIC = /^\p{L}+$/u;
const isAlphabetic = (token: string) => ALPHABETIC.test(token);
/** A cheap first test before isAlphabetic: half the tokens are numbers (ids, phones, zips). */
const startsWithDigit = (token: string) => {
  const first = token.charCodeAt(0);
  return first >= 48 && first <= 57;
};

/** A growable Int32Array: the index's postings without an array object per token. */
class IntList {
  data = new Int32Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** Keeps the first `length` values (after a compaction wrote the kept ones to the front). */
  truncate(length: number): void {
    this.length = length;
  }
}

/**
 * The postings of a range of the index, sorted by token: the tokens starting with a prefix are one run of
 * `terms` (found by binary search) and their postings one run of `postings`.
 */
interface Segment {
  /** Postings [start, end) of the index are in this segment. */
  start: number;
  end: number;
  /** Distinct tokens, sorted by UTF-16 code units. */
  terms: string[];
  /** Postings of terms[i]: postings[starts[i] .. starts[i + 1]). */
  starts: Int32Array;
  postings: Int32Array;
  /** The alphabetic terms (sorted), the only ones a typo pass compares with, and their position in `terms`. */
  alphaTerms: string[];
  alphaPositions: Int32Array;
}

/** A document's tokens (about 13) judged one by one cost about this many postings scanned. */
const FORWARD_COST = 16;

/** Answers of at least this many matches are kept for the next keystroke (of anyone) until the index changes. */
const CACHED_MATCHES = 10_000;
const CACHED_ANSWERS = 32;
/** rankCandidates packs (score, key) into one double: scores below 2^21, keys below 2^31. */
const KEY_SPAN = 2 ** 31;
const MAX_SCORE = 2 ** 21 - 1;

/** Postings added since the last segment was built are scanned one by one; past this many a new one is built. */
const MAX_UNSEALED_POSTINGS = 20_000;
/**
 * The postings since the base segment go into a second, small segment (rebuilt as they grow), until they are
 * this share of the base: then both become one new base. A change then costs a sort of what changed, not of
 * all the customers (a seal of a million customers' tokens takes seconds).
 */
const MAX_DELTA_SHARE = 0.25;

/** First index of `sorted` whose value is ≥ `value` (within [from, to)). */
function lowerBound(sorted: readonly string[], value: string, from = 0, to = sorted.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First index after the run of values starting with `prefix` (within [from, to)). */
function prefixEnd(sorted: readonly string[], prefix: string, from = 0, to = sorted.length): number {
  // Every string starting with `prefix` sorts before `prefix` + U+FFFF (no normalised token holds U+FFFF).
  return lowerBound(sorted, `${prefix}\uffff`, from, to);
}

/**
 * An organisation's customers' search index. Each customer is indexed under a key the caller chooses (a small
 * non-negative integer, its row in the caller's own arrays), and searches answer with keys, best first. Layout
 * chosen for a keystroke budget of a few milliseconds at 100,000 customers: postings are flat typed arrays
 * (document << 4 | field), gathered into a segment sorted by token so that a prefix is a binary search and one
 * contiguous run; the typo-tolerant pass walks the sorted alphabetic tokens like a trie (shared prefixes
 * computed once, hopeless prefixes skipped whole). Scores are accumulated in typed arrays indexed by document
 * and ordered with a counting sort, so a query allocates next to nothing and costs little more than the
 * postings it touches. Only tokens and keys are held, not the customers themselves.
 */
export class CustomerSearchIndex {
  /** Document number → the caller's key; -1 once replaced or removed. A replaced customer gets a new document. */
  private docKeys: number[] = [];
  private docOfKey = new Map<number, number>();
  /**
   * Terms of the words many customers share (names, cities, tags), one per distinct text. A one-of-a-kind
   * token (see tokensOf) gets a term of its own instead, without a lookup: interning those grew this Map to
   * hundreds of thousands of keys and was the costliest part of a load. Seal merges terms of equal text.
   */
  private sharedTerms = new Map<string, number>();
  /** Term → its text. */
  private termTexts: string[] = [];
  /**
   * A shared value as sent (a last name, a city, a tag) → its words' terms: 100,000 customers hold a few
   * thousand such values, so each is normalised, split and interned once instead of for every customer.
   */
  private wordMemo = new Map<string, WordTerms>();
  /** The document upsert is indexing, and the term of its last posting (see addPosting). */
  private currentDoc = 0;
  private lastTerm = -1;
  private readonly sink: TokenSink = {
    token: (token, field, unique) =>
      this.addPosting(unique ? this.termTexts.push(token) - 1 : this.sharedTerm(token), field),
    sharedWords: (text, field, joined) => {
      const terms = this.wordTerms(text);
      for (const term of terms.words) this.addPosting(term, field);
      if (joined && terms.joined >= 0) this.addPosting(terms.joined, field);
    },
  };
  /**
   * Per posting: its term and its value (document << FIELD_BITS | field). A document's postings are added
   * together, so they are one run here, from docStart[doc] to the next document's start: a forward index
   * (document → its tokens) for free, which scoreCandidates reads.
   */
  private postingTerm = new IntList();
  private postingValue = new IntList();
  private docStart = new IntList();
  /** Postings [0, base.end), sorted; then [base.end, delta.end); the rest is the unsorted tail. */
  private base: Segment | null = null;
  private delta: Segment | null = null;
  private dead = 0;
  /** Bumped on every change. */
  version = 0;
  /** Large answers by their query's terms, least recently used first (see CACHED_MATCHES). */
  private readonly answers = new Map<string, { version: number; keys: Int32Array }>();
  // Scratch space reused by every query (see scoreTerm).
  private queryStamp = new Int32Array(0);
  /** The documents the first term let in, in the order they came (see rankMatches). */
  private candidates = new Int32Array(0);
  private candidateCount = 0;
  private hits = new Int32Array(0);
  private termBest = new Float64Array(0);
  private total = new Float64Array(0);
  private stamp = 0;
  private termStamp = new Int32Array(0);
  private termQuality = new Float64Array(0);
  private termPass = 0;
  private readonly distanceRows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

  /**
   * `forwardCost`: how many postings scanned one document's tokens judged one by one are worth (scoreTerm
   * chooses by it); tests set 0 (always through the documents) or Infinity (never) to compare the two ways.
   */
  constructor(private readonly forwardCost = FORWARD_COST) {}

  /** Customers indexed. */
  get size(): number {
    return this.docOfKey.size;
  }

  /** Postings held (live and not yet dropped): what the index's memory grows with. */
  get postingCount(): number {
    return this.postingValue.length;
  }

  has(key: number): boolean {
    return this.docOfKey.has(key);
  }

  /** Indexes a customer under `key`, replacing what `key` held before. */
  upsert(key: number, customer: SearchableCustomer): void {
    this.drop(key);
    const doc = this.docKeys.length;
    this.docKeys.push(key);
    this.docOfKey.set(key, doc);
    this.docStart.push(this.postingValue.length);
    this.currentDoc = doc;
    this.lastTerm = -1;
    tokensOf(customer, this.sink);
    this.version += 1;
    this.compactWhenWasteful();
  }

  /** Forgets what `key` held. */
  remove(key: number): void {
    if (!this.drop(key)) return;
    this.version += 1;
    this.compactWhenWasteful();
  }

  private drop(key: number): boolean {
    const previous = this.docOfKey.get(key);
    if (previous === undefined) return false;
    this.docKeys[previous] = -1;
    this.docOfKey.delete(key);
    this.dead += 1;
    return true;
  }

  /** Replaced customers leave postings behind; drop them once they are a fair share of the index. */
  private compactWhenWasteful(): void {
    if (this.dead > 1000 && this.dead > this.docOfKey.size / 4) this.compact();
  }

  /**
   * Drops the postings of replaced customers and the terms only they had, renumbering documents (in the
   * order they were added, so ties still rank as before) and terms; then seals.
   */
  compact(): void {
    const docMap = new Int32Array(this.docKeys.length).fill(-1);
    const keys: number[] = [];
    for (let doc = 0; doc < this.docKeys.length; doc++) {
      const key = this.docKeys[doc] as number;
      if (key < 0) continue;
      docMap[doc] = keys.length;
      keys.push(key);
    }
    const termMap = new Int32Array(this.termTexts.length).fill(-1);
    const termTexts: string[] = [];
    const terms = this.postingTerm.data;
    const values = this.postingValue.data;
    const docStart = new IntList();
    let kept = 0;
    for (let at = 0; at < this.postingValue.length; at++) {
      const value = values[at] as number;
      const doc = docMap[value >>> FIELD_BITS] as number;
      if (doc < 0) continue;
      // Every document has postings (its id at least), and they stay in one run, in document order.
      if (doc === docStart.length) docStart.push(kept);
      const term = terms[at] as number;
      let mapped = termMap[term] as number;
      if (mapped < 0) {
        mapped = termTexts.push(this.termTexts[term] as string) - 1;
        termMap[term] = mapped;
      }
      terms[kept] = mapped;
      values[kept] = (doc << FIELD_BITS) | (value & FIELD_MASK);
      kept += 1;
    }
    this.postingTerm.truncate(kept);
    this.postingValue.truncate(kept);
    this.docStart = docStart;
    const sharedTerms = new Map<string, number>();
    for (const [text, term] of this.sharedTerms) {
      const mapped = termMap[term] as number;
      if (mapped >= 0) sharedTerms.set(text, mapped);
    }
    this.sharedTerms = sharedTerms;
    this.termTexts = termTexts;
    // Its entries name the old term numbers.
    this.wordMemo.clear();
    this.docKeys = keys;
    this.docOfKey = new Map(keys.map((key, doc) => [key, doc]));
    this.dead = 0;
    this.base = null;
    this.delta = null;
    this.lastTerm = -1;
    // The scratch arrays are stamped per query: fresh ones, so no stale stamp meets a renumbered document.
    this.queryStamp = new Int32Array(0);
    this.termStamp = new Int32Array(0);
    this.version += 1;
    this.seal();
  }

  /**
   * Sorts the postings not yet in a segment into one: into the delta segment (with those already there), or,
   * once the postings since the base are a fair share of it, everything into a new base. Searches do it when
   * the unsorted tail grew large; a bulk load calls it once at its end so the first search does not pay for it.
   */
  seal(): void {
    const end = this.postingValue.length;
    if (this.sealedEnd() === end) return;
    const baseEnd = this.base?.end ?? 0;
    if (!this.base || end - baseEnd > baseEnd * MAX_DELTA_SHARE) {
      this.base = this.buildSegment(0, end);
      this.delta = null;
    } else {
      this.delta = this.buildSegment(baseEnd, end);
    }
  }

  private sealedEnd(): number {
    return this.delta?.end ?? this.base?.end ?? 0;
  }

  /** Postings [start, end) sorted by their token's text. */
  private buildSegment(start: number, end: number): Segment {
    const termCount = this.termTexts.length;
    const counts = new Int32Array(termCount);
    const terms = this.postingTerm.data;
    let usedCount = 0;
    for (let index = start; index < end; index++) {
      const term = terms[index] as number;
      if (counts[term] === 0) usedCount += 1;
      counts[term] = (counts[term] as number) + 1;
    }
    const usedTerms = new Int32Array(usedCount);
    for (let term = 0, at = 0; term < termCount; term++) if ((counts[term] as number) > 0) usedTerms[at++] = term;
    // Counting sort of the postings by the position of their term's text; terms of equal text (one-of-a-kind
    // tokens that were not so unique after all) share one position.
    const byText = sortIdsByText(this.termTexts, usedTerms);
    const rank = new Int32Array(termCount);
    // Sized up front (and cut to length below): pushing 450,000 texts one by one regrows it many times.
    const used: string[] = new Array(usedCount);
    let usedLength = 0;
    const starts = new Int32Array(usedCount + 1);
    const alphaTerms: string[] = [];
    const alphaPositions: number[] = [];
    let previous: string | null = null;
    for (let at = 0; at < usedCount; at++) {
      const term = byText[at] as number;
      const text = this.termTexts[term] as string;
      if (text !== previous) {
        const position = usedLength++;
        used[position] = text;
        starts[position + 1] = starts[position] as number;
        if (text.length >= TYPO_MIN_LENGTH - 1 && !startsWithDigit(text) && isAlphabetic(text)) {
          alphaTerms.push(text);
          alphaPositions.push(position);
        }
        previous = text;
      }
      const position = usedLength - 1;
      rank[term] = position;
      starts[position + 1] = (starts[position + 1] as number) + (counts[term] as number);
    }
    used.length = usedLength;
    const fill = starts.slice(0, usedLength);
    const postings = new Int32Array(end - start);
    const values = this.postingValue.data;
    for (let index = start; index < end; index++) {
      const position = rank[terms[index] as number] as number;
      postings[(fill[position] as number)++] = values[index] as number;
    }
    return {
      start,
      end,
      terms: used,
      starts: starts.slice(0, usedLength + 1),
      postings,
      alphaTerms,
      alphaPositions: Int32Array.from(alphaPositions),
    };
  }

  private addPosting(term: number, field: number): void {
    const posting = (this.currentDoc << FIELD_BITS) | field;
    // A token may occur twice in one field: one posting is enough.
    if (term === this.lastTerm && this.postingValue.data[this.postingValue.length - 1] === posting) return;
    this.lastTerm = term;
    this.postingTerm.push(term);
    this.postingValue.push(posting);
  }

  private wordTerms(text: string): WordTerms {
    let terms = this.wordMemo.get(text);
    if (terms === undefined) {
      const parts = words(text);
      terms = {
        words: parts.map((part) => this.sharedTerm(part)),
        joined: parts.length > 1 ? this.sharedTerm(parts.join('')) : -1,
      };
      if (this.wordMemo.size >= WORD_MEMO_LIMIT) this.wordMemo.clear();
      this.wordMemo.set(text, terms);
    }
    return terms;
  }

  private sharedTerm(token: string): number {
    let term = this.sharedTerms.get(token);
    if (term === undefined) {
      term = this.termTexts.push(token) - 1;
      this.sharedTerms.set(token, term);
    }
    return term;
  }

  /**
   * The keys of the matches of `query`, best first (ties in the order customers were indexed); null for an
   * empty query (nothing to search for). Every word of the query must match. A large answer is shared with
   * later searches of the same terms: never change the array.
   */
  search(query: string): Int32Array | null {
    const typed = queryTerms(query);
    if (typed.length === 0) return null;
    // Every term must match and the scores add up, so the order of the terms changes nothing but the cost:
    // the one with the fewest postings first lets in the fewest documents (see scoreTerm).
    const terms = typed
      .map((term) => ({ term, postings: this.prefixPostings(term) }))
      .sort((a, b) => a.postings - b.postings)
      .map((entry) => entry.term);
    const cacheKey = [...terms].sort().join(' ');
    const cached = this.answers.get(cacheKey);
    if (cached?.version === this.version) {
      // Most recently used last.
      this.answers.delete(cacheKey);
      this.answers.set(cacheKey, cached);
      return cached.keys;
    }
    if (this.postingValue.length - this.sealedEnd() > MAX_UNSEALED_POSTINGS) this.seal();
    this.ensureScratch();
    this.stamp += 1;
    this.candidateCount = 0;
    let running = 0;
    for (let index = 0; index < terms.length; index++) {
      running = this.scoreTerm(terms[index] as string, index, running);
      if (running === 0) return new Int32Array(0);
    }
    const ranked = this.rankMatches(terms.length);
    if (ranked.length >= CACHED_MATCHES) {
      this.answers.delete(cacheKey);
      this.answers.set(cacheKey, { version: this.version, keys: ranked });
      if (this.answers.size > CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    }
    return ranked;
  }

  /**
   * The keys of the documents that matched all `termCount` terms, by score (in 1/100 steps), ties by key (the
   * caller's, which a customer keeps when changed: a customer changed a moment ago keeps their place among equals,
   * where document order put them last, and a list with them ticked lost them to its last page). When the first
   * term let in a small share of the documents, only those are looked at (and sorted natively); else every
   * document is, with a counting sort, and each run of equal scores is sorted by key.
   */
  private rankMatches(termCount: number): Int32Array {
    const count = this.docKeys.length;
    if (this.candidateCount * 8 < count) return this.rankCandidates(termCount);
    let matched = 0;
    let highest = 0;
    const scores = new Int32Array(count);
    for (let doc = 0; doc < count; doc++) {
      if (this.queryStamp[doc] !== this.stamp || this.hits[doc] !== termCount) {
        scores[doc] = -1;
        continue;
      }
      const score = Math.round(((this.total[doc] as number) + (this.termBest[doc] as number)) * 100);
      scores[doc] = score;
      if (score > highest) highest = score;
      matched += 1;
    }
    const buckets = new Int32Array(highest + 2);
    for (let doc = 0; doc < count; doc++) {
      const score = scores[doc] as number;
      // Best first: bucket 0 holds the highest score.
      if (score >= 0) buckets[highest - score + 1] = (buckets[highest - score + 1] as number) + 1;
    }
    for (let bucket = 1; bucket < buckets.length; bucket++) {
      buckets[bucket] = (buckets[bucket] as number) + (buckets[bucket - 1] as number);
    }
    const ordered = new Int32Array(matched);
    const scoreAt = new Int32Array(matched);
    for (let doc = 0; doc < count; doc++) {
      const score = scores[doc] as number;
      if (score < 0) continue;
      const at = (buckets[highest - score] as number)++;
      ordered[at] = this.docKeys[doc] as number;
      scoreAt[at] = score;
    }
    for (let start = 0, at = 1; at <= matched; at++) {
      if (at < matched && scoreAt[at] === scoreAt[start]) continue;
      if (at - start > 1) ordered.subarray(start, at).sort();
      start = at;
    }
    return ordered;
  }

  /** rankMatches for few candidates: their scores packed with their keys into one number each, sorted. */
  private rankCandidates(termCount: number): Int32Array {
    const { candidates, hits, total, termBest, docKeys } = this;
    const packed = new Float64Array(this.candidateCount);
    let matched = 0;
    for (let at = 0; at < this.candidateCount; at++) {
      const doc = candidates[at] as number;
      if (hits[doc] !== termCount) continue;
      const score = Math.round(((total[doc] as number) + (termBest[doc] as number)) * 100);
      // Ascending order of (-score, key): best first, ties by key. Exact below 2^53 (scores stay below 2^21,
      // keys below 2^31).
      packed[matched++] = (MAX_SCORE - score) * KEY_SPAN + (docKeys[doc] as number);
    }
    const sorted = packed.subarray(0, matched).sort();
    const ordered = new Int32Array(matched);
    for (let at = 0; at < matched; at++) ordered[at] = (sorted[at] as number) % KEY_SPAN;
    return ordered;
  }

  private ensureScratch(): void {
    const needed = this.docKeys.length;
    if (this.queryStamp.length < needed) {
      const size = Math.max(needed, Math.ceil(this.queryStamp.length * 1.5), 1024);
      this.queryStamp = new Int32Array(size);
      this.candidates = new Int32Array(size);
      this.hits = new Int32Array(size);
      this.termBest = new Float64Array(size);
      this.total = new Float64Array(size);
      this.stamp = 0;
    }
    if (this.termStamp.length < this.termTexts.length) {
      const size = Math.max(this.termTexts.length, Math.ceil(this.termStamp.length * 1.5), 1024);
      this.termStamp = new Int32Array(size);
      this.termQuality = new Float64Array(size);
      this.termPass = 0;
    }
  }

  /**
   * Scores the documents matching query term number `index` (all of them for the first term; for a later
   * one only those that matched every term before). Per document: `hits` counts the terms matched, `total`
   * sums the best score of each earlier term, `termBest` holds the current term's best. Returns how many
   * documents are still in the running.
   */
  private scoreTerm(term: string, index: number, running: number): number {
    const typos = term.length >= TYPO_MIN_LENGTH && isAlphabetic(term);
    const maxTypos = term.length >= TWO_TYPOS_MIN_LENGTH ? 2 : 1;
    // Few documents still in the running and a term of many postings ("jansen a"): looking through the tokens
    // of those documents costs less than through the postings of every token starting with "a".
    if (index > 0 && running * this.forwardCost < this.prefixPostings(term)) {
      return this.scoreCandidates(term, index, typos, maxTypos);
    }
    let kept = 0;
    for (const segment of [this.base, this.delta]) {
      if (!segment) continue;
      const { terms, starts, postings } = segment;
      const first = lowerBound(terms, term);
      const last = prefixEnd(terms, term, first);
      // Every token here starts with the term, so its length alone says how well it matches. Neighbouring
      // tokens of one length (a prefix of a phone number runs through tens of thousands of them) have their
      // postings side by side: each run is visited in one go.
      let runStart = first;
      let runLength = -1;
      for (let position = first; position <= last; position++) {
        const length = position < last ? (terms[position] as string).length : -2;
        if (length === runLength) continue;
        if (runLength >= 0) {
          const quality = runLength === term.length ? EXACT : PREFIX_BASE + 0.35 * (term.length / runLength);
          kept += this.visit(postings, starts[runStart] as number, starts[position] as number, quality, index);
        }
        runStart = position;
        runLength = length;
      }
      if (typos) {
        this.walkTypos(segment, term, maxTypos, (position, distance) => {
          const quality = distance === 1 ? TYPO_1 : TYPO_2;
          kept += this.visit(postings, starts[position] as number, starts[position + 1] as number, quality, index);
        });
      }
    }
    // The unsorted tail (customers added since the segment was built): each distinct token judged once.
    this.termPass += 1;
    const pass = this.termPass;
    const tailTerms = this.postingTerm.data;
    const tailValues = this.postingValue.data;
    for (let at = this.sealedEnd(); at < this.postingValue.length; at++) {
      const termId = tailTerms[at] as number;
      if (this.termStamp[termId] !== pass) {
        this.termStamp[termId] = pass;
        this.termQuality[termId] = this.tokenQuality(term, this.termTexts[termId] as string, typos, maxTypos);
      }
      const quality = this.termQuality[termId] as number;
      if (quality > 0) kept += this.visit(tailValues, at, at + 1, quality, index);
    }
    return kept;
  }

  /** Postings of the tokens starting with `term` (not counting typos): what scanning for it costs. */
  private prefixPostings(term: string): number {
    let count = this.postingValue.length - this.sealedEnd();
    for (const segment of [this.base, this.delta]) {
      if (!segment) continue;
      const first = lowerBound(segment.terms, term);
      const last = prefixEnd(segment.terms, term, first);
      count += (segment.starts[last] as number) - (segment.starts[first] as number);
    }
    return count;
  }

  /**
   * scoreTerm for the documents still in the running only, through their own tokens (see docStart): each
   * distinct token judged once, exactly as the tail is (the same measure of prefix and typo as the segments').
   */
  private scoreCandidates(term: string, index: number, typos: boolean, maxTypos: number): number {
    this.termPass += 1;
    const pass = this.termPass;
    const { candidates, hits, total, termBest, termStamp, termQuality, termTexts } = this;
    const tokens = this.postingTerm.data;
    const values = this.postingValue.data;
    const starts = this.docStart.data;
    const lastDoc = this.docStart.length - 1;
    let kept = 0;
    for (let at = 0; at < this.candidateCount; at++) {
      const doc = candidates[at] as number;
      if (hits[doc] !== index) continue;
      const end = doc < lastDoc ? (starts[doc + 1] as number) : this.postingValue.length;
      let best = 0;
      for (let posting = starts[doc] as number; posting < end; posting++) {
        const termId = tokens[posting] as number;
        if (termStamp[termId] !== pass) {
          termStamp[termId] = pass;
          termQuality[termId] = this.tokenQuality(term, termTexts[termId] as string, typos, maxTypos);
        }
        const quality = termQuality[termId] as number;
        if (quality === 0) continue;
        const score = quality * (FIELD_WEIGHT[(values[posting] as number) & FIELD_MASK] as number);
        if (score > best) best = score;
      }
      if (best === 0) continue;
      total[doc] = (total[doc] as number) + (termBest[doc] as number);
      hits[doc] = index + 1;
      termBest[doc] = best;
      kept += 1;
    }
    return kept;
  }

  /** Scores postings[from..to) for query term number `index` (see scoreTerm); returns the documents it let in. */
  private visit(postings: Int32Array, from: number, to: number, quality: number, index: number): number {
    const stamp = this.stamp;
    const { queryStamp, hits, total, termBest, docKeys, candidates } = this;
    let kept = 0;
    for (let at = from; at < to; at++) {
      const posting = postings[at] as number;
      const doc = posting >>> FIELD_BITS;
      const score = quality * (FIELD_WEIGHT[posting & FIELD_MASK] as number);
      if (queryStamp[doc] !== stamp) {
        if (index !== 0 || (docKeys[doc] as number) < 0) continue;
        queryStamp[doc] = stamp;
        candidates[this.candidateCount++] = doc;
        hits[doc] = 1;
        total[doc] = 0;
        termBest[doc] = score;
        kept += 1;
      } else if (hits[doc] === index) {
        total[doc] = (total[doc] as number) + (termBest[doc] as number);
        hits[doc] = index + 1;
        termBest[doc] = score;
        kept += 1;
      } else if (hits[doc] === index + 1 && score > (termBest[doc] as number)) {
        termBest[doc] = score;
      }
    }
    return kept;
  }

  /** How `token` meets `term`: exact, prefix, within the typos allowed, or not (0). */
  private tokenQuality(term: string, token: string, typos: boolean, maxTypos: number): number {
    if (token === term) return EXACT;
    if (token.startsWith(term)) return PREFIX_BASE + 0.35 * (term.length / token.length);
    if (!typos || token.length < TYPO_MIN_LENGTH - 1 || !isAlphabetic(token)) return 0;
    this.ensureDistanceRows(term.length + maxTypos + 1);
    const distance = prefixDistance(term, token, maxTypos, this.distanceRows);
    if (distance === 1) return TYPO_1;
    if (distance === 2 && maxTypos >= 2) return TYPO_2;
    return 0;
  }

  private ensureDistanceRows(length: number): void {
    if ((this.distanceRows[0] as Int32Array).length >= length) return;
    for (let index = 0; index < 3; index++) this.distanceRows[index] = new Int32Array(length * 2);
  }

  /**
   * Calls `found(position, distance)` for every alphabetic token of the segment whose closest prefix is 1 to
   * `max` edits from `term` (the same measure as prefixDistance, swaps included). The sorted tokens are
   * walked like a trie: the edit-distance row of a prefix is computed once for all tokens sharing it, a
   * prefix whose row is all above `max` skips every token under it, and below depth term + max nothing can
   * change any more, so the run under such a prefix is taken whole.
   */
  private walkTypos(segment: Segment, term: string, max: number, found: (position: number, distance: number) => void) {
    const { alphaTerms, alphaPositions } = segment;
    const m = term.length;
    const depthLimit = m + max;
    // rows[d]: distances between the term's prefixes (0..m) and the token's prefix of length d.
    const rows: Int32Array[] = [];
    for (let depth = 0; depth <= depthLimit; depth++) rows.push(new Int32Array(m + 1));
    const first = rows[0] as Int32Array;
    for (let i = 0; i <= m; i++) first[i] = i;
    // best[d]: the smallest distance of the whole term to a prefix of length ≤ d (counted from m - max on).
    const best = new Int32Array(depthLimit + 1);
    best[0] = m <= max ? m : max + 1;
    let previous = '';
    let index = 0;
    while (index < alphaTerms.length) {
      const token = alphaTerms[index] as string;
      const limit = Math.min(token.length, depthLimit);
      let depth = 0;
      const shared = Math.min(limit, previous.length);
      while (depth < shared && token.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
      let pruned = -1;
      for (let d = depth + 1; d <= limit; d++) {
        const row = rows[d] as Int32Array;
        const above = rows[d - 1] as Int32Array;
        const before = d > 1 ? (rows[d - 2] as Int32Array) : null;
        const b = token.charCodeAt(d - 1);
        row[0] = d;
        let rowMin = d;
        for (let i = 1; i <= m; i++) {
          const a = term.charCodeAt(i - 1);
          let value = Math.min(
            (above[i] as number) + 1,
            (row[i - 1] as number) + 1,
            (above[i - 1] as number) + (a === b ? 0 : 1),
          );
          if (before && i > 1 && a === token.charCodeAt(d - 2) && term.charCodeAt(i - 2) === b) {
            value = Math.min(value, (before[i - 2] as number) + 1);
          }
          row[i] = value;
          if (value < rowMin) rowMin = value;
        }
        best[d] = d >= m - max ? Math.min(best[d - 1] as number, row[m] as number) : (best[d - 1] as number);
        if (rowMin > max) {
          pruned = d;
          break;
        }
      }
      previous = token;
      if (pruned >= 0) {
        // No token under this prefix can come within `max`: skip them all.
        index = prefixEnd(alphaTerms, token.slice(0, pruned), index + 1);
        continue;
      }
      const distance = best[limit] as number;
      // Deeper characters cannot bring the distance down: every token under this prefix scores the same.
      const runEnd = limit === depthLimit ? prefixEnd(alphaTerms, token.slice(0, limit), index + 1) : index + 1;
      if (distance >= 1 && distance <= max) {
        for (let at = index; at < runEnd; at++) found(alphaPositions[at] as number, distance);
      }
      index = runEnd;
    }
  }
}
