/**
 * The stores a run talks to, as the engine sees them: ObjectStore (a key's operations) with its facets (multipart,
 * versions, bucket-wide calls), the data path a store's requests take (DataPath), what a request failing is
 * (StoreException, ErrorClassifier) and what it leaves (RequestTrace, DeleteOutcome). Its rooms: the bytes a
 * request carries (data/, below it), a bucket's store and a spread over buckets (bucket/, spread/) and the clients'
 * data paths and how stores are made (paths/), above it.
 */
package io.s3workload.s3;
