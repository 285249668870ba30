/**
 * Which keys a run reads and writes: the keys each stage wrote (KeySet, ObjectRegistry, WrittenKeys), the existing
 * objects under a prefix (ExistingObjects), the key an operation picks by the stage's access (KeyPicker, ZipfSampler)
 * and the keys being written right now (KeyClaims).
 */
package io.s3workload.run.keys;
