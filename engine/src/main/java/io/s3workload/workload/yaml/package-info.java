/**
 * Reading a workload: the YAML tree with positions, the passes before binding, the binders and the key catalogue that
 * the schema and reference are made of.
 */
package io.s3workload.workload.yaml;
