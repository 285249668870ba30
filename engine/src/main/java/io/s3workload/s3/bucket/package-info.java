/**
 * One bucket's store: its data path for a key's bytes and the SDK's client for everything else (BucketStore,
 * SdkStore, S3Requests), with its multipart, versions and bucket-wide facets.
 */
package io.s3workload.s3.bucket;
