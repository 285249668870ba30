/**
 * The HTML report and its charts (SVG), and the client's profile as a flame graph.
 */
package io.s3workload.report.html;
