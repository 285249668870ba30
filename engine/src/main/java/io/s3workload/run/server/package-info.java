/**
 * The store's own metrics, scraped during a stage.
 */
package io.s3workload.run.server;
